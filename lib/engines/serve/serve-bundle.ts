/**
 * `serveBundle`: the built bundle (`OUT/worker.js` + `OUT/assets`) answering on a local address in
 * workerd through miniflare, with the instance's variables, and with `watch` a rebuild and reload
 * whenever `ROOT/custom/**` changes.
 */
import { displayPath } from "../../shared/fs/display-path.js";
import { diag, formatDiagnostic, type Diagnostic } from "../../shared/diagnostics.js";
import { readBundleConfig, type VarValue } from "./bundle-config.js";
import { engineOptions, type OutboundHandler } from "./engine-options.js";
import { loadServeVars } from "./load-vars.js";
import { addressProblem, listenFailure } from "./address.js";
import { runtimeOutput } from "./runtime-output.js";
import { watchInstance, type InstanceWatcher } from "./watch.js";
import { CUSTOM_DIR, WRANGLER_CONFIG } from "../../shared/paths.js";
import { asciiHost } from "../../stages/1-sources/site/domains.js";
import { ServeProblem } from "./problems.js";

export interface ServeOptions {
  outDir: string;
  host?: string;
  /** 8787 by default; 0 picks a free port. */
  port?: number;
  /** Instance root: `custom/vars.yaml` and `.dev.vars` are read from here on every (re)load. */
  root?: string;
  /** Variables that win over every file (tests, flags). */
  vars?: Record<string, VarValue>;
  watch?: { root: string; rebuild: () => Promise<void> };
  /** Answer the worker's outgoing fetches locally (tests); the network otherwise. */
  outbound?: OutboundHandler;
  cf?: Record<string, unknown>;
  /** Where the start-up line and reloads go; console.log by default. */
  log?: (line: string) => void;
  /** Where warnings (SL603, SL606) go; console.error by default. */
  warn?: (line: string) => void;
  /** The host to answer as, for an instance that lists its hosts; the default host otherwise. */
  domain?: string;
}

export interface ServeHandle {
  url: URL;
  /** Re-reads the bundle and the variables and swaps them in without dropping the address. */
  reload(): Promise<void>;
  close(): Promise<void>;
}

export async function serveBundle(options: ServeOptions): Promise<ServeHandle> {
  const log = options.log ?? ((line: string) => console.log(line));
  const warn = options.warn ?? ((line: string) => console.error(line));
  const host = options.host ?? "127.0.0.1";
  let port = options.port ?? 8787;
  const output = runtimeOutput(log, warn);
  const optionsNow = () => {
    const bundle = readBundleConfig(options.outDir);
    const loaded = options.root
      ? loadServeVars(options.root, bundle)
      : { vars: bundle.vars, diagnostics: [] as Diagnostic[] };
    loaded.diagnostics.forEach((d) => warn(formatDiagnostic(d)));
    const vars = { ...loaded.vars, ...options.vars };
    const engine = { bundle, vars, host, port, cf: options.cf, outbound: options.outbound };
    return {
      ...engineOptions(engine),
      ...answerAs(bundle.hosts, options.domain),
      handleRuntimeStdio: output.handleRuntimeStdio,
    };
  };

  // miniflare takes most of a second to load: only the commands that run workerd pay for it.
  const { Miniflare } = await import("miniflare");
  const mf = new Miniflare(optionsNow());
  let url: URL;
  try {
    url = await mf.ready;
  } catch (error) {
    const why = listenFailure(error);
    output.failed({ explained: why !== undefined });
    await mf.dispose().catch(() => undefined);
    throw why === undefined ? error : addressProblem(host, port, why);
  }
  output.started();
  port = Number(url.port); // keep the address across reloads, also when 0 picked it
  log(`shortlinks serve: ${url.href} (bundle ${displayPath(options.outDir)})`);

  // Reloads run one after another; a failed one does not block the next.
  let queue: Promise<void> = Promise.resolve();
  const reload = (): Promise<void> => {
    const next = queue.then(() => mf.setOptions(optionsNow()));
    queue = next.catch(() => undefined);
    return next;
  };

  let watcher: InstanceWatcher | undefined;
  if (options.watch) {
    const { rebuild } = options.watch;
    watcher = watchInstance(options.watch.root, {
      onSourceChange: async () => {
        try {
          await rebuild();
        } catch (error) {
          warn(
            formatDiagnostic(
              diag(
                "SL606",
                { file: CUSTOM_DIR + "/", line: 0 },
                `rebuild failed: ${(error as Error).message}`,
                "fix the sources; the server keeps the last good bundle",
              ),
            ),
          );
          return;
        }
        await reload();
        log("shortlinks serve: rebuilt and reloaded");
      },
      onDevVarsChange: async () => {
        await reload();
        log("shortlinks serve: variables reloaded");
      },
      onError: (error) => warn(`shortlinks serve: reload failed: ${error.message}`),
    });
  }

  return {
    url,
    reload,
    async close() {
      watcher?.close();
      await queue;
      await mf.dispose();
    },
  };
}

/**
 * An instance that lists its hosts answers no other (docs/domains.md), and a browser asks
 * 127.0.0.1 as `127.0.0.1:8787`: serve hands the worker every request as sent to the default
 * host, or to `--domain`, as Cloudflare would (miniflare's `upstream` rewrites the URL and Host).
 */
function answerAs(hosts: readonly string[] | undefined, domain: string | undefined) {
  if (domain === undefined && hosts === undefined) return {};
  const wanted = domain === undefined ? undefined : asciiHost(domain);
  if (wanted !== undefined && (wanted === null || !hosts?.includes(wanted)))
    throw new ServeProblem(
      diag(
        "SL527",
        { file: WRANGLER_CONFIG, line: 0 },
        `--domain ${domain ?? ""} is not a host of this instance (${hosts?.join(", ") ?? "it lists no domains"})`,
        hosts
          ? `name one of ${hosts.join(", ")}`
          : "list the hosts under domains in custom/site.yaml",
      ),
      { usage: true },
    );
  return { upstream: `https://${wanted ?? (hosts as string[])[0]}` };
}
