import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "out/",
      // Generated: the bundle of runtime/ (src/worker.js); lint its sources instead.
      "src/",
      "coverage/",
      "**/*.js",
      "!eslint.config.js",
      "defaults/static/",
      "bench/.work/",
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-empty": ["error", { allowEmptyCatch: false }],
    },
  },
  {
    // What counts as an error is decided once: isError, hasErrors, errorsIn (lib/shared/diagnostics.ts).
    files: ["lib/**/*.ts"],
    ignores: ["lib/shared/diagnostics.ts", "lib/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          ["left", "right"],
          ["right", "left"],
        ].map(([side, other]) => ({
          selector: `BinaryExpression[operator=/^[!=]==?$/][${side}.property.name='severity'][${other}.value='error']`,
          message:
            "compare severities through isError, hasErrors or errorsIn (lib/shared/diagnostics.ts)",
        })),
        // A spread into a call's arguments overflows the stack past about 120,000 items.
        ...[
          "CallExpression[callee.property.name=/^(push|unshift|splice)$/] > SpreadElement",
          "CallExpression[callee.object.name='Math'] > SpreadElement",
          "CallExpression[callee.property.name=/^(fromCharCode|fromCodePoint)$/] > SpreadElement",
        ].map((selector) => ({
          selector,
          message:
            "no spread into a call's arguments: a list as long as the user's data overflows the stack; use appendAll (lib/shared/lists.ts), a loop or reduce",
        })),
      ],
    },
  },
  {
    // The runtime runs on workerd: Web-standard APIs only, nothing from Node or the compiler.
    files: ["runtime/**/*.ts"],
    ignores: ["runtime/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["node:*"], message: "runtime/ runs on workerd: no Node built-ins." },
            { group: ["**/lib/**", "../lib/*"], message: "runtime/ must not import the compiler." },
          ],
          paths: [
            "fs",
            "path",
            "crypto",
            "url",
            "os",
            "child_process",
            "tldts",
            "yaml",
            "zod",
            "csv-parse",
          ].map((name) => ({
            name,
            message: "runtime/ must stay small and Node-free.",
          })),
        },
      ],
    },
  },
  {
    // Runtime tests pin the runtime alone: their helpers live in test/support, not in the compiler.
    files: ["runtime/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/lib/**", "../lib/*"],
              message: "runtime tests must not import the compiler; use test/support.",
            },
          ],
        },
      ],
    },
  },
);
