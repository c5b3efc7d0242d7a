// Import rules that eslint cannot see whole: cycles across files (type imports count, since
// they tie modules together as much as value imports do), cycles across the server's modules,
// and the server's layers.
// Runs in `npm run lint` (`depcruise apps packages --config .dependency-cruiser.mjs`).

const INFRASTRUCTURE = '^apps/server/src/(http|realtime|db|config|jobs|lib|pdf)/';
const MODULES = '^apps/server/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle, type-only imports included: a cycle makes two files one unit.',
      from: {},
      to: { circular: true },
    },
    {
      // A file-level cycle is not needed for two modules to be one: care → insights in one file
      // and insights → care in another make a knot no file cycle shows. At folder scope
      // dependency-cruiser folds each folder's imports together (a module's subfolders count as
      // folders of their own, never as a cycle with their parent), so any cycle among
      // modules/<module>/ folders is found. Consumers declare the few methods they need instead
      // (decision 050).
      name: 'no-module-cycles',
      severity: 'error',
      comment:
        'Modules depend one way: a module that needs a little of another declares the narrow type it uses and is handed the object (decision 050).',
      scope: 'folder',
      from: { path: MODULES },
      to: { circular: true },
    },
    {
      name: 'server-infrastructure-below-modules',
      severity: 'error',
      comment:
        'http/, realtime/, db/, config/, jobs/, lib/ and pdf/ serve every module and know none (STYLE.md, issue 17).',
      from: { path: INFRASTRUCTURE },
      to: { path: MODULES },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Test files are left out: nothing imports one, so they sit in no file cycle, but a test
    // reaches into whatever it checks (and the harness composes every module), which would tie
    // folders together at folder scope. A folder rule cannot filter files (its from/to match
    // folder names), so they are left out of the cruise instead.
    exclude: {
      path: '(^|/)(dist|node_modules)/|^apps/server/src/db/migrations/|\\.test\\.tsx?$',
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
