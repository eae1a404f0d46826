/**
 * The content calls' answers (docs/calls.md): site settings, areas, settings, news, the announcement, the complaint
 * e-mail and the companies. The server's schemas are tied to these types (`contract<T>()`), so the server and every
 * client read one shape.
 */

/** `GET /api/basicSet/getBasicInfo` data: the site settings every screen may read. */
export type BasicInfo = {
  site_title: string;
  service_link: string;
  /** 2 copyable text, 3 external link, anything else the in-app chat. */
  service_link_type: number;
  /** 2: captcha instead of the e-mail code at registration. */
  verify_reg_type: number;
  /** 1 lots x rate, else margin x rate. */
  trade_fee_type: number;
};

/** One calling area of `GET /api/default/area_list`. */
export type Area = { id: number; global_code: string; code: string; name: string };

/** One row of `GET /api/default/setting`. */
export type Setting = { key: string; value: string | number };

/** A news row of a page of `GET /api/news/list`. */
export type NewsItem = {
  id: number;
  category_id: number;
  title: string;
  desc: string;
  /** `/icons/news.png`, a same-site path or an https URL; '' for none (the row shows the title's initial). */
  logo: string;
  /** UTC, `YYYY-MM-DD HH:mm:ss`. */
  created_at: string;
};
export type NewsPage = { data: NewsItem[]; total: number };
/** `GET /api/news/info`: the row and its sanitized HTML. */
export type NewsArticle = NewsItem & { content: string };

/** `GET /api/content/announcement`. */
export type Announcement = { title: string; content: string };
/** `GET /api/content/complaint_email`. */
export type ComplaintEmail = { email: string };

/** `GET /api/company/getCompany`; a page of them: `GET /api/company/search`. */
export type Company = {
  id: number;
  name: string;
  logo: string;
  url: string;
  subject: string;
  registered_address: string;
  location: string;
  email: string;
};
export type CompanyPage = { data: Company[]; total: number };
/** `GET /api/company/getCompanyStatus`: status 0 sends the visitor to `loss_url`. */
export type CompanyStatus = { id: number; status: number; type: number; loss_url: string };
