export { createNodeCipher, createTestCipher, loadOrCreateKey, type SecretCipher, type NodeCipherOptions } from './cipher.js'
export { createSecretVault, SECRET_KINDS, VAULT_KINDS, MAX_SECRET_LENGTH, type SecretVault, type SecretVaultOptions, type VaultKind, type VaultStorage } from './vault.js'
export { createSafeStorageCipher, insecureCipherWarning, type SafeStorageLike, type SafeStorageCipherOptions } from './safe-storage.js'
