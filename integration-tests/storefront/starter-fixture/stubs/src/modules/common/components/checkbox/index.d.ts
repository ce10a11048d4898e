declare const Checkbox: (props: { checked?: boolean; onChange?: () => void; label: string; name?: string; "data-testid"?: string }) => JSX.Element
export default Checkbox
