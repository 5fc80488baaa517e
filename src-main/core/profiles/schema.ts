/**
 * Stored profile: the contract's `ProfileDto` without `secrets` (those live in the vault) plus
 * `createdAt`. Input validation for `save` adds the URL rules of custom environments.
 */
import { z } from 'zod'
import { MAX_QUICK_STAKES } from '../../../src-shared/vocabulary/limits.js'
import { MAX_STAKE, MAX_STAKE_DECIMALS, inMinorUnits } from '../../../src-shared/vocabulary/stake.js'
import { DeskError } from '../shared/errors.js'

export const DEMO_PROFILE_ID = 'demo'

/** The simulator's public demo values: usable without the vault (they are not secrets). */
export const DEMO_SECRETS = { password: 'demo', feedApiKey: 'demo-key', callbackSecret: 'demo-secret' } as const

const listenerSchema = z
  .object({
    enabled: z.boolean(),
    host: z.string().min(1).max(200),
    port: z.number().int().min(0).max(65535),
    path: z.string().min(1).max(200).regex(/^\//, 'listener path must start with /'),
    /** Largest callback body (bytes); absent = the listener default (16 MiB). */
    maxBodyBytes: z.number().int().min(64 * 1024).max(256 * 1024 * 1024).optional(),
  })
  .strict()

/** Positive stakes in whole cents, each at most once. */
const quickStakesSchema = z
  .array(z.number().positive().max(1e9).refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'a quick stake is a whole number of cents'))
  .max(MAX_QUICK_STAKES)
  .refine((list) => new Set(list).size === list.length, 'quick stakes repeat')

export const profileSchema = z
  .object({
    id: z.string().min(1).max(100),
    name: z.string().trim().min(1).max(80),
    environment: z.enum(['demo', 'custom']),
    /** '' in a demo profile = the embedded simulator picks the address. */
    couponBaseUrl: z.string().max(500),
    feedApiUrl: z.string().max(500),
    cdnUrl: z.string().max(500),
    username: z.string().max(200),
    language: z.string().min(2).max(8).regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})?$/, 'language must be a code such as en or pt-BR'),
    legacyMode: z.boolean(),
    timeZone: z.enum(['utc', 'local']),
    /** The slip's quick-stake buttons (whole cents); absent = DEFAULT_QUICK_STAKES. */
    quickStakes: quickStakesSchema.optional(),
    stakeDecimals: z.number().int().min(0).max(MAX_STAKE_DECIMALS).optional(),
    minStake: z.number().positive().max(MAX_STAKE).optional(),
    defaultStake: z.number().positive().max(MAX_STAKE).optional(),
    listener: listenerSchema,
    /** Demo only: how the embedded simulator varies its answers ('none', 'all' or a comma list of
     *  simulator/variations.ts names); absent = the simulator's default. */
    simVariations: z.string().max(300).regex(/^[a-z0-9,-]*$/, 'simulator variations: names separated by commas').optional(),
    createdAt: z.number().int().nonnegative(),
  })
  .strict()

/** A profile's stakes are counted in its own minor unit, and its default is at least its minimum. */
function stakesAgree(p: { stakeDecimals?: number; minStake?: number; defaultStake?: number; quickStakes?: number[] }, ctx: z.RefinementCtx): void {
  const decimals = p.stakeDecimals ?? 2
  for (const key of ['minStake', 'defaultStake'] as const) {
    const v = p[key]
    if (v !== undefined && !inMinorUnits(v, decimals)) ctx.addIssue({ code: 'custom', path: [key], message: `${key} has more than ${decimals} decimals` })
  }
  if (p.defaultStake !== undefined && p.minStake !== undefined && p.defaultStake < p.minStake) ctx.addIssue({ code: 'custom', path: ['defaultStake'], message: 'the default stake is below the minimum stake' })
}

export type Profile = z.infer<typeof profileSchema>

/** What `save` takes: the contract's `profiles.save` input (id absent = create). */
export const profileInputSchema = profileSchema
  .omit({ id: true, createdAt: true })
  .extend({ id: z.string().min(1).max(100).optional() })
  .strict()
  .superRefine(stakesAgree)
export type ProfileInput = z.input<typeof profileInputSchema>

export function demoProfile(createdAt: number): Profile {
  return {
    id: DEMO_PROFILE_ID,
    name: 'Demo',
    environment: 'demo',
    couponBaseUrl: '',
    feedApiUrl: '',
    cdnUrl: '',
    username: 'demo',
    language: 'en',
    legacyMode: false,
    timeZone: 'utc',
    // On in Demo: the embedded simulator's callbacks then reach the timeline at once, offline.
    listener: { enabled: true, host: '127.0.0.1', port: 0, path: '/callbacks' },
    createdAt,
  }
}

/**
 * A service base URL: http or https only, no `user:pass@`, no query or fragment (credentials and
 * tokens must never travel in a URL). Returns the URL without a trailing slash.
 */
export function normaliseServiceUrl(value: string, field: string): string {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new DeskError('validation', `${field}: not a valid URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DeskError('validation', `${field}: only http and https URLs are allowed`)
  if (url.username || url.password) throw new DeskError('validation', `${field}: the URL must not contain credentials`)
  if (url.search || url.hash) throw new DeskError('validation', `${field}: the URL must not contain a query or fragment`)
  if (!url.hostname) throw new DeskError('validation', `${field}: the URL has no host`)
  return url.toString().replace(/\/+$/, '')
}

/** Parses and normalises a `save` input; throws DeskError `validation` with the first problem. */
export function validateProfileInput(input: unknown): z.output<typeof profileInputSchema> {
  const parsed = profileInputSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    throw new DeskError('validation', `Invalid profile: ${where}${issue?.message ?? 'invalid input'}`)
  }
  const value = { ...parsed.data, listener: { ...parsed.data.listener } }
  const urls = ['couponBaseUrl', 'feedApiUrl', 'cdnUrl'] as const
  for (const field of urls) {
    const raw = value[field].trim()
    // Demo profiles may leave URLs empty (embedded simulator); custom ones must give all three.
    if (raw === '' && value.environment === 'demo') value[field] = ''
    else if (raw === '') throw new DeskError('validation', `${field}: required for a custom environment`)
    else value[field] = normaliseServiceUrl(raw, field)
  }
  value.username = value.username.trim()
  if (value.environment === 'custom' && value.username === '') throw new DeskError('validation', 'username: required for a custom environment')
  return value
}
