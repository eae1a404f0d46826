/** The content module's public surface for other modules: site settings and news storage. */
export {
  editedAnnouncement,
  getSetting,
  insertNews,
  setNewsStatus,
  setSetting,
  updateNews,
} from './repository';
export { sanitizeNewsHtml, plainText } from './sanitize';
export { basicInfo, cookieCompanyStatus } from './routes';
