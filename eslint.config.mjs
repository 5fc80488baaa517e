import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'

/** Layer rules (after Signal Desktop): which code may import what. */
export const coreMayNotImport = {
  paths: [
    { name: 'electron', message: 'src-main/core is plain Node: Electron APIs belong in src-main/electron.' },
    { name: 'electron-store', message: 'src-main/core is plain Node: use the ProfileStorage port.' },
  ],
  patterns: [{ group: ['electron/*', '**/electron/*', '../electron/*', '../../electron/*'], message: 'src-main/core may not import Electron code.' }],
}

export default tseslint.config(
  { ignores: ['out/**', 'dist-web/**', 'node_modules/**', 'coverage/**', '.tmp/**', 'test/e2e/__screenshots__/**'] },
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
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'electron', '**/src-main/core/**', '**/src-main/electron/**'], message: 'The renderer talks to main only through window.desk.' }] }],
    },
  },
  {
    files: ['src-main/core/**'],
    rules: { 'no-restricted-imports': ['error', coreMayNotImport] },
  },
)
