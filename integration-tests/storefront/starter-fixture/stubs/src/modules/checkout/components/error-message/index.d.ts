declare const ErrorMessage: (props: { error?: string | null; "data-testid"?: string }) => JSX.Element | null
export default ErrorMessage
