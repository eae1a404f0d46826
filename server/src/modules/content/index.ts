/** The content module's public surface for other modules: site settings and news storage. */
export { getSetting, insertNews, setSetting } from './repository';
export { basicInfo, cookieCompanyStatus } from './routes';
