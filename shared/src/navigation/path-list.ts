/**
 * The pages of the app, one export each: `paths.ts` re-exports them as the namespace `PATHS`. Separate exports (not
 * one object) let webpack keep only the paths a bundle reads, even where this module is shared by several chunks
 * of a remote and cannot be inlined by the minifier.
 */
export const home = '/';
export const trade = '/trade';
export const product = '/product';
export const rank = '/rank';
export const order = '/order';
export const user = '/user';
export const login = '/login';
export const register = '/register';
export const forgot = '/forgot';
export const language = '/language';
export const auth = '/mine/auth';
export const invite = '/mine/invite';
export const email = '/mine/email';
export const announcement = '/mine/announcement';
export const password = '/mine/password';
export const system = '/mine/system';
export const history = '/mine/history';
export const statement = '/mine/statement';
export const alerts = '/mine/alerts';
export const notifications = '/mine/notifications';
export const charge = '/mine/charge';
export const withdraw = '/mine/withdraw';
export const wallet = '/mine/wallet';
export const bankCards = '/mine/bank-card-list';
export const coinAddresses = '/mine/coin-address-list';
export const withdrawWay = '/mine/withdraw-way';
export const chat = '/mine/chat';
export const news = '/news';
export const newsDetail = '/news/detail';
export const feedback = '/feedback';
