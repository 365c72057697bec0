import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layout from './eslint-layout.js';

// Tenant-bound data (docs/decisions/0018). Flat config does not merge one rule's options across
// blocks (the last block that matches a file wins), so each block below lists every selector
// that applies to its files.
const DATA = 'only data modules (a feature\'s data/ folder, server/data/, server/platform/dynamo/) talk to DynamoDB; elsewhere use the tenant-bound data context (context.data, or tenantData() outside a request)';
const dynamoImports = ['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb'].map((name) => ({ name, message: `${name}: ${DATA}.` }));
// One CSV writer (issue 24): it keeps every cell from running as a spreadsheet formula.
const CSV = 'every CSV file is written by server/http/csvFile.server.ts (csvText, csvDownload), which keeps cells from running as spreadsheet formulas';
const csvImports = { paths: [{ name: 'csv-stringify', message: `csv-stringify: ${CSV}.` }], patterns: [{ group: ['csv-stringify/*'], message: `csv-stringify: ${CSV}.` }] };
const noTenantIdCasts = [
  { selector: "TSAsExpression > TSTypeReference.typeAnnotation[typeName.name='TenantId']", message: 'Only tenant resolution makes a TenantId (tests: testTenantId from tests/support/tenants); never cast to one.' },
  { selector: "TSTypeAssertion > TSTypeReference.typeAnnotation[typeName.name='TenantId']", message: 'Only tenant resolution makes a TenantId (tests: testTenantId from tests/support/tenants); never cast to one.' },
];
const noDocumentClient = [
  { selector: "MemberExpression[property.name='doc']", message: `The document client (db.doc): ${DATA}.` },
  { selector: "ObjectPattern > Property[key.name='doc']", message: `The document client (db.doc): ${DATA}.` },
];
// The screen and API helpers route server modules call, in the features they serve (issue 26).
const SCREEN_AND_API_HELPERS = [
  'server/*/screens/**',
  'server/*/api/**',
  'server/http/responses.server.ts',
  'server/http/csvFile.server.ts',
  'server/rooms/{roomEntry,roomSession,liveRoom,demoRooms,roomRequest}.server.ts',
  'server/broadcast/livekitWebhook.server.ts',
  'server/chat/chatFiles.server.ts',
  'server/commerce/pricing.server.ts',
  'server/commerce/payments/{paymentsApi,paymentsWebhook}.server.ts',
  'server/events/{eventCards,scheduling,scheduleImages}.server.ts',
  'server/site/{articles,faq,homeSections,infoForms,contentPage}.server.ts',
];
const STORES = 'Loaders, actions and screen or API helpers reach stored data only through context.data, which carries the tenant (docs/decisions/0018).';
const noErrorInstanceof = [
  {
    selector: "BinaryExpression[operator='instanceof'][right.name=/Error$/]",
    message: 'In production the route bundle has its own copies of server classes: recognise an error by name (isStorageError, isEventConflictError…; server/errors.ts), not instanceof.',
  },
];
const noRawStores = [
  { selector: "MemberExpression[property.name=/^(db|storage)$/][object.property.name='services']", message: STORES },
  { selector: "MemberExpression[property.name=/^(db|storage)$/][object.name='services']", message: STORES },
  { selector: "VariableDeclarator[init.property.name='services'] > ObjectPattern > Property[key.name=/^(db|storage)$/]", message: STORES },
  { selector: "VariableDeclarator[init.name='services'] > ObjectPattern > Property[key.name=/^(db|storage)$/]", message: STORES },
];

export default tseslint.config(
  { ignores: ['build/**', 'node_modules/**', '.local/**', '.cache/**', 'test-results/**', 'test-reports/**', 'playwright-report/**', 'patches/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks, layout },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Where server code lives and how folders import each other: eslint-layout.js.
      'layout/imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [...dynamoImports, ...csvImports.paths], patterns: csvImports.patterns }],
      'no-restricted-syntax': ['error', ...noTenantIdCasts, ...noDocumentClient],
    },
  },
  {
    // The CSV writer itself.
    files: ['server/http/csvFile.server.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: dynamoImports }] },
  },
  {
    // Route server modules and the screen and API helpers they call.
    files: ['app/**/*.server.ts', ...SCREEN_AND_API_HELPERS],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noTenantIdCasts, ...noDocumentClient, ...noRawStores, ...noErrorInstanceof] },
  },
  {
    // Data modules (each feature's data/, server/data/, the DynamoDB client) own the table; tests may read and plant raw items to check what is stored.
    files: ['server/data/**', 'server/*/data/**', 'server/platform/dynamo/**', '**/*.test.ts', 'tests/**'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': ['error', ...noTenantIdCasts] },
  },
  {
    // Where tests get their tenant ids.
    files: ['tests/support/tenants.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Playwright fixtures call `use(...)`, which the React hooks rule mistakes for React's use().
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
