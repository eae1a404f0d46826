/** The feedback form's call: a `feedback` conversation in the agents' inbox (token or visitor id). */
import { api } from '@meridian/shared';
import type { FeedbackResult, FeedbackTopic } from '@meridian/shared/pure';

export const sendFeedback = (body: {
  topic: FeedbackTopic;
  text: string;
  image: string | undefined;
  visitor: string | undefined;
}) => api.postWithMessage<FeedbackResult>('/api/support/feedback', body, { form: true, spinner: true });
