/** The importers by format name. */
import type { ImportFormat, ParsedImport, ParseInput } from "../types.js";
import { parseBitly } from "./bitly.js";
import { parseDub } from "./dub.js";
import { parseRedirects } from "./redirects.js";
import { parseShlink } from "./shlink.js";
import { parseSink } from "./sink.js";
import { parseVanityUrls } from "./vanityurls.js";
import { parseYourls } from "./yourls.js";

export const PARSERS: Record<ImportFormat, (input: ParseInput) => ParsedImport> = {
  redirects: parseRedirects,
  shlink: parseShlink,
  yourls: parseYourls,
  dub: parseDub,
  bitly: parseBitly,
  sink: parseSink,
  vanityurls: parseVanityUrls,
};
