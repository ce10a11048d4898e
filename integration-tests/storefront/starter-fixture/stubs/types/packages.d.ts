// What the fixture uses of @headlessui/react 2 and lodash 4 (neither's types installed here).
declare module "@headlessui/react" {
  import type { ReactNode } from "react"
  export function RadioGroup<T>(props: { value: T; onChange: (value: T) => unknown; children?: ReactNode; className?: string }): JSX.Element
  export function Radio<T>(props: { value: T; disabled?: boolean; className?: string; children?: ReactNode }): JSX.Element
}
declare module "lodash" {
  export function mapKeys<T extends object>(object: T, iteratee: (value: T[keyof T], key: string) => string): Record<string, T[keyof T]>
}
