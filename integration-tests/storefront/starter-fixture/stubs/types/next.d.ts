// What the fixture uses of next 15.5 (not installed here).
declare module "next/cache" {
  export function revalidateTag(tag: string): void
}
declare module "next/navigation" {
  export function redirect(url: string): never
  export function useRouter(): { push(href: string, options?: { scroll?: boolean }): void }
  export function usePathname(): string
  export function useSearchParams(): { get(name: string): string | null }
}
declare module "next/headers" {
  type Cookie = { name: string; value: string }
  export function cookies(): Promise<{ get(name: string): Cookie | undefined; set(name: string, value: string, options?: Record<string, unknown>): void }>
}
// Next adds its cache options to fetch's init (next/types/global.d.ts).
interface RequestInit {
  next?: { revalidate?: number | false; tags?: string[] }
}
