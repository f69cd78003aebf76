/**
 * zod schemas of a link's compiled routes and of the request facts an expectation names, for
 * asset-schemas.ts (checked against runtime/contract/routes.ts there).
 */
import { z } from "zod";
import {
  BROWSERS,
  DAY_NAMES,
  DEVICES,
  OPERATING_SYSTEMS,
  ROUTE_CONDITION_KEYS,
  type RouteWhen,
} from "../../../runtime/contract/index.js";

const strings = z.array(z.string());

const TIME_WINDOW = z.strictObject({
  days: z.array(z.enum(DAY_NAMES)),
  from: z.string().regex(/^\d\d:\d\d$/),
  to: z.string().regex(/^\d\d:\d\d$/),
  tz: z.string().min(1),
});

export const ROUTE_WHEN: z.ZodType<RouteWhen> = z.lazy(() =>
  z
    .strictObject({
      country: strings.optional(),
      continent: strings.optional(),
      region: strings.optional(),
      asn: z.array(z.number().int().min(0)).optional(),
      ip: strings.optional(),
      language: strings.optional(),
      device: z.array(z.enum(DEVICES)).optional(),
      os: z.array(z.enum(OPERATING_SYSTEMS)).optional(),
      browser: z.array(z.enum(BROWSERS)).optional(),
      bot: z.array(z.union([z.boolean(), z.literal("preview")])).optional(),
      query: z.record(z.string(), z.union([strings, z.boolean()])).optional(),
      time: z.array(TIME_WINDOW).optional(),
      after: z.string().optional(),
      before: z.string().optional(),
      not: ROUTE_WHEN.optional(),
    })
    .refine((when) => Object.keys(when).length > 0, "a when is never empty")
    .refine((when) =>
      Object.keys(when).every((k) => (ROUTE_CONDITION_KEYS as readonly string[]).includes(k)),
    ),
);

const SPLIT_VARIANT = z.strictObject({
  id: z.string().min(1).optional(),
  weight: z.number().int().min(1),
  target: z.string().min(1),
});

export const LINK_ROUTE = z
  .strictObject({
    id: z.string().min(1).optional(),
    when: ROUTE_WHEN.optional(),
    target: z.string().min(1).optional(),
    split: z.array(SPLIT_VARIANT).min(2).optional(),
    line: z.number().int().min(1),
  })
  .refine(
    (route) => (route.target === undefined) !== (route.split === undefined),
    "a target or a split",
  )
  .refine(
    (route) => route.when !== undefined || route.split !== undefined,
    "a target needs a when",
  );

/** The request facts an expectation of custom/tests.yaml may name (runtime/link-routes/named-facts.ts). */
export const NAMED_FACTS = {
  country: z.string().optional(),
  continent: z.string().optional(),
  region: z.string().optional(),
  asn: z.number().int().min(0).optional(),
  timezone: z.string().optional(),
  ip: z.string().optional(),
  lang: z.string().optional(),
  ua: z.string().optional(),
  query: z.record(z.string(), z.union([z.string(), strings])).optional(),
  split_draw: z.number().min(0).lt(1).optional(),
  as: z.string().optional(),
};
