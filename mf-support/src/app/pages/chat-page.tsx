import { ChatView } from '../../features/chat/components/chat-view';
import '../i18n';

/** `/mine/chat` (docs/routes.md): live chat with customer service; its code loads with this route only. */
export default function ChatPage() {
  return <ChatView />;
}
