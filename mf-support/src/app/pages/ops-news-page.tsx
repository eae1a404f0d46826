import { NewsEditor } from '../../features/news-editor/components/news-editor';
import '../../lib/ops-ns';

/** `/ops/news`: the news and announcement editor (support, admin). */
export default function OpsNewsPage() {
  return <NewsEditor />;
}
