/** The agent inbox calls (roles support/admin), with the ops token. */
import { opsApi } from '@meridian/shared/ops';
import type { ChatStatus } from '@meridian/shared/pure';

/** `passive`: a reload the page makes by itself (a socket event), not the agent: it does not extend the session. */
export const fetchInbox = (status: ChatStatus, mine: boolean, page: number, passive = false) =>
  opsApi.get(
    '/api/ops/support/conversations',
    { status, mine: mine ? 1 : undefined, page, limit: 30 },
    { passive },
  );
export const fetchThread = (id: number, passive = false) =>
  opsApi.get('/api/ops/support/conversation', { id }, { passive });
export const fetchAgents = () => opsApi.get('/api/ops/support/agents');
export const fetchCanned = () => opsApi.get('/api/ops/support/canned');
export const assign = (id: number, opsId: number) =>
  opsApi.post('/api/ops/support/assign', { id, ops_id: opsId });
export const setStatus = (id: number, status: 'open' | 'resolved') =>
  opsApi.post('/api/ops/support/status', { id, status });
export const createCanned = (title: string, body: string) =>
  opsApi.post('/api/ops/support/canned/create', { title, body });
export const deleteCanned = (id: number) => opsApi.post('/api/ops/support/canned/delete', { id });
export const reply = (id: number, clientId: string, text: string) =>
  opsApi.post('/api/ops/support/reply', { id, client_id: clientId, text });
/** A private chat image (the ops token's), as a blob to show. */
export const fetchImage: typeof opsApi.blob = (...args) => opsApi.blob(...args);
