import type { ForwardRefExoticComponent, InputHTMLAttributes, RefAttributes } from "react"
type InputProps = Omit<Omit<InputHTMLAttributes<HTMLInputElement>, "size">, "placeholder"> & {
  label: string
  errors?: Record<string, unknown>
  touched?: Record<string, unknown>
  name: string
  topLabel?: string
}
declare const Input: ForwardRefExoticComponent<InputProps & RefAttributes<HTMLInputElement>>
export default Input
