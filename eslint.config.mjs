import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'
import layers from './eslint-rules/layers.mjs'

/** Where the layer rules (eslint-rules/layers.mjs, declared in docs/layers.json) apply. */
const LAYERED = ['src-main/**', 'src-shared/**', 'src-preload/**', 'src-renderer/**']

export default tseslint.config(
  { ignores: ['out/**', 'dist-web/**', 'node_modules/**', 'coverage/**', '.tmp/**', 'test/e2e/__screenshots__/**', 'test/fixtures/lint/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
  {
    files: ['src-renderer/**', 'src-main/web/shim/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    plugins: { layers },
    files: [...LAYERED, 'test/fixtures/lint/**'],
    rules: { 'layers/allowed-imports': 'error', 'layers/no-cycle': 'error' },
  },
  {
    // A process's entry module runs on import (a server, signal handlers that exit the process): run it as a process, import its parts.
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)(simulator/cli|web/cli|cli/main)(\\.[jt]s)?$', message: 'An entry module starts a process on import: import the module it reads its flags or commands from (e.g. simulator/cli-options.js).' }] }],
    },
  },
  {
    // Tests may reach inside a folder to test its parts; everyone else goes through index.ts.
    plugins: { layers },
    ignores: ['test/**'],
    rules: { 'layers/no-deep-import': 'error' },
  },
)
