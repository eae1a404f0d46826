/** The shapes of the content calls' answers. */
import { z } from 'zod';
import { wire } from '../../lib/contract';

export const areasSchema = z.array(
  z.strictObject({ id: z.number().int(), global_code: z.string(), code: z.string(), name: z.string() }),
);
export const settingSchema = z.strictObject({ key: z.string(), value: z.union([z.string(), z.number()]) });
export const basicInfoSchema = z.strictObject({
  site_title: z.string(),
  service_link: z.string(),
  service_link_type: z.number().int(),
  verify_reg_type: z.number().int(),
  trade_fee_type: z.number().int(),
});
const newsItem = z.strictObject({
  id: z.number().int(),
  category_id: z.number().int(),
  title: z.string(),
  desc: z.string(),
  logo: z.string(),
  created_at: wire.time,
});
export const newsPageSchema = z.strictObject({ data: z.array(newsItem), total: z.number().int().min(0) });
export const newsSchema = newsItem.extend({ content: z.string() });
export const announcementSchema = z.strictObject({ title: z.string(), content: z.string() });
export const complaintEmailSchema = z.strictObject({ email: z.string() });
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
export const companySchema = company;
export const companyStatusSchema = z.strictObject({
  id: z.number().int(),
  status: z.number().int(),
  type: z.number().int(),
  loss_url: z.string(),
});
export const companyPageSchema = z.strictObject({ data: z.array(company), total: z.number().int().min(0) });
