import type { AnchorHTMLAttributes, ReactNode } from "react"
declare const LocalizedClientLink: (props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children?: ReactNode }) => JSX.Element
export default LocalizedClientLink
