/**
 * The compiled contract between `shortlinks build` and the runtime, in one place: the versioned
 * schema id and path of each private file, the shapes those files hold, the limits they keep and
 * the content types of what the build writes. Every reader and writer imports it from here.
 */
export * from "./content-types.js";
export * from "./files.js";
export * from "./forms.js";
export * from "./limits.js";
export * from "./routes.js";
