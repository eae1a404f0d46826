/**
 * The compliance module's public surface for other modules: the real-name submissions of a user and their review
 * states. Its routes (the trader's real-name calls, the ops KYC review) are registered by app.ts.
 */
export { latestRealName, REVIEW } from './repository';
