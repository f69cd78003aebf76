/** What `shortlinks diff` reports (its JSON contract, docs/diff.md): the engine fills it, the formats print it. */
import type { LinkRecord } from "../../../runtime/contract/index.js";
import type { Diagnostic } from "../../shared/diagnostics.js";
import type { ChangedLink } from "./compare-links.js";
import type { HostChange } from "./hosts.js";
import type { RouteChange } from "./route-changes.js";
import type { RoutingChange } from "./routing.js";
import type { ScheduleEvent } from "./schedules.js";

export interface DiffReport {
  base: string;
  base_commit: string;
  head: "worktree" | string;
  at: string;
  days: number;
  links: { added: LinkRecord[]; removed: LinkRecord[]; changed: ChangedLink[] };
  routing: RoutingChange[];
  host_changes: HostChange[];
  /** Links whose routes changed (docs/routes.md). */
  route_changes: RouteChange[];
  schedule_events: ScheduleEvent[];
  problems: Diagnostic[];
}
