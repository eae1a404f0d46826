/** The shapes of the content calls' answers. */
import { z } from 'zod';
import type {
  Announcement,
  Area,
  BasicInfo,
  Company,
  CompanyPage,
  CompanyStatus,
  ComplaintEmail,
  NewsArticle,
  NewsPage,
  Setting,
} from '@meridian/shared/pure';
import { contract, wire } from '../../lib/contract';

export const areasSchema = contract<Area[]>()(
  z.array(
    z.strictObject({ id: z.number().int(), global_code: z.string(), code: z.string(), name: z.string() }),
  ),
);
export const settingSchema = contract<Setting>()(
  z.strictObject({ key: z.string(), value: z.union([z.string(), z.number()]) }),
);
export const basicInfoSchema = contract<BasicInfo>()(
  z.strictObject({
    site_title: z.string(),
    service_link: z.string(),
    service_link_type: z.number().int(),
    verify_reg_type: z.number().int(),
    trade_fee_type: z.number().int(),
  }),
);
const newsItem = z.strictObject({
  id: z.number().int(),
  category_id: z.number().int(),
  title: z.string(),
  desc: z.string(),
  logo: z.string(),
  created_at: wire.time,
});
export const newsPageSchema = contract<NewsPage>()(
  z.strictObject({ data: z.array(newsItem), total: z.number().int().min(0) }),
);
export const newsSchema = contract<NewsArticle>()(newsItem.extend({ content: z.string() }));
export const announcementSchema = contract<Announcement>()(
  z.strictObject({ title: z.string(), content: z.string() }),
);
export const complaintEmailSchema = contract<ComplaintEmail>()(z.strictObject({ email: z.string() }));
const company = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  url: z.string(),
  subject: z.string(),
  registered_address: z.string(),
  location: z.string(),
  email: z.string(),
});
export const companySchema = contract<Company>()(company);
export const companyStatusSchema = contract<CompanyStatus>()(
  z.strictObject({
    id: z.number().int(),
    status: z.number().int(),
    type: z.number().int(),
    loss_url: z.string(),
  }),
);
export const companyPageSchema = contract<CompanyPage>()(
  z.strictObject({ data: z.array(company), total: z.number().int().min(0) }),
);
