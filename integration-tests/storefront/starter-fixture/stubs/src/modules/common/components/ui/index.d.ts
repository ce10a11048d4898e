import type { ButtonHTMLAttributes, ForwardRefExoticComponent, HTMLAttributes, LabelHTMLAttributes, RefAttributes } from "react"
export { default as clx } from "clsx"
export declare const Text: ForwardRefExoticComponent<HTMLAttributes<HTMLParagraphElement> & { as?: "p" | "span" | "div" } & RefAttributes<HTMLParagraphElement>>
export declare const Heading: ForwardRefExoticComponent<HTMLAttributes<HTMLHeadingElement> & { level?: "h1" | "h2" | "h3" } & RefAttributes<HTMLHeadingElement>>
export declare const Button: ForwardRefExoticComponent<ButtonHTMLAttributes<HTMLButtonElement> & { variant?: string; size?: "small" | "base" | "large"; isLoading?: boolean } & RefAttributes<HTMLButtonElement>>
export declare const Container: ForwardRefExoticComponent<HTMLAttributes<HTMLDivElement> & RefAttributes<HTMLDivElement>>
export declare const Label: ForwardRefExoticComponent<LabelHTMLAttributes<HTMLLabelElement> & RefAttributes<HTMLLabelElement>>
