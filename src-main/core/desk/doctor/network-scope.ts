import { BlockList, isIP } from 'node:net'

export type AddressScope = 'loopback' | 'private' | 'public'

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')
// "Any address" is a way to bind, not to reach: a URL carrying it reaches nothing but this machine.
loopback.addAddress('0.0.0.0', 'ipv4')
loopback.addAddress('::', 'ipv6')
const privateNets = new BlockList()
for (const [net, bits] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16], ['100.64.0.0', 10]] as const) privateNets.addSubnet(net, bits, 'ipv4')
privateNets.addSubnet('fc00::', 7, 'ipv6')
privateNets.addSubnet('fe80::', 10, 'ipv6')

/** Where an address or host name lives. A name is public unless it is `localhost` or a `.local`/`.internal`/`.lan` name (no lookup is made). */
export function scopeOf(host: string): AddressScope {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase()
  const family = isIP(h)
  if (family === 0) {
    if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback'
    return /\.(local|internal|lan|home\.arpa)$/.test(h) || !h.includes('.') ? 'private' : 'public'
  }
  const type = family === 4 ? 'ipv4' : 'ipv6'
  if (loopback.check(h, type)) return 'loopback'
  if (privateNets.check(h, type)) return 'private'
  return 'public'
}

/** True when `ip` is one of `allowed` (plain addresses or CIDR subnets, IPv4 or IPv6). */
export function addressAllowed(ip: string, allowed: readonly string[]): boolean {
  const family = isIP(ip)
  if (family === 0) return false
  const list = new BlockList()
  for (const entry of allowed) {
    const [net, bitsText] = entry.trim().split('/')
    const netFamily = isIP(net ?? '')
    if (netFamily === 0) continue
    const type = netFamily === 4 ? 'ipv4' : 'ipv6'
    if (bitsText === undefined) list.addAddress(net!, type)
    else if (/^\d+$/.test(bitsText)) list.addSubnet(net!, Number(bitsText), type)
  }
  return list.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}
