/** The feedback form's call: a `feedback` conversation in the agents' inbox (token or visitor id). */
import { api } from '@meridian/shared';
import type { FeedbackTopic } from '@meridian/shared/pure';

export const sendFeedback = (body: {
  topic: FeedbackTopic;
  text: string;
  image: string | undefined;
  visitor: string | undefined;
}) => api.postWithMessage('/api/support/feedback', body, { form: true, spinner: true });
