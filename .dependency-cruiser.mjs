// Import rules that eslint cannot see whole: cycles across files (type imports count, since
// they tie modules together as much as value imports do) and the server's layers.
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
    exclude: { path: '(^|/)(dist|node_modules)/|^apps/server/src/db/migrations/' },
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
