import { z } from 'zod';

export const MAX_PAGE_SIZE = 500;
/** The deepest row a page may reach (pageNo × pageSize): deeper offsets make the database walk them all. */
export const MAX_PAGE_WINDOW = 100_000;
export const PagingText = { tooDeep: '页码过大，请缩小查询范围后再翻页' } as const;

/** Paging request shared by every list: `{ pageNo, pageSize, column, order, …filters }`. */
export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(MAX_PAGE_WINDOW, PagingText.tooDeep).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  /** A sort key the module allows; never used as SQL text. */
  column: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface PageResult<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
  /** More rows match than were counted: `total` is a lower bound (the page shows "10000+"). */
  totalCapped?: boolean;
}

export function pageResultSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
    totalCapped: z.boolean().optional(),
  });
}

export function toPageResult<T>(records: T[], total: number, q: Pick<PageQuery, 'pageNo' | 'pageSize'>, capped = false): PageResult<T> {
  const page: PageResult<T> = { records, total, current: q.pageNo, size: q.pageSize, pages: Math.ceil(total / q.pageSize) };
  return capped ? { ...page, totalCapped: true } : page;
}
