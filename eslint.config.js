import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Module boundaries (docs/modules.md): a module uses another module's service or index, never its
// repo; the platform and the kits never import a module.
const noForeignRepo = {
  group: ['../*/*.repo.js', '../*/*.repo', '../../modules/*/*.repo.js'],
  message: 'A module never reads another module’s repo: call its service.',
};

// The web's one list kit replaces ProTable by hand outside components/crud.
const noProTable = {
  name: '@ant-design/pro-components',
  importNames: ['ProTable'],
  message: 'A list is ListTable or ResourceTable (components/crud): see docs/modules.md.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/data/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noForeignRepo] }] },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['apps/server/src/platform/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['../../modules/*', '../modules/*'], message: 'The platform never imports a module.' }] }] },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['../../modules/*', '../modules/*'], message: 'Shared web code never imports a module.' }] }] },
  },
  // One list kit (docs/modules.md): a web list is ListTable or ResourceTable (components/crud), never
  // ProTable by hand. The modules' files listed still hold a table of their own shape (a tree loaded
  // by level, a whole list filtered in the browser, a modal's member pickers); they move onto the kit next.
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/components/crud/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noProTable], patterns: [{ group: ['../../modules/*', '../modules/*'], message: 'Shared web code never imports a module.' }] }] },
  },
  {
    files: ['apps/web/src/modules/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/modules/security-group/GroupMembersModal.tsx',
      'apps/web/src/modules/online-data/OnlineTreeTable.tsx',
      'apps/web/src/modules/permission-admin/PermissionList.tsx',
      'apps/web/src/modules/dict/DictList.tsx',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: [noProTable] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
