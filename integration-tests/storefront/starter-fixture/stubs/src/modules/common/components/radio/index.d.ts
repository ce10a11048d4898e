declare const Radio: (props: { checked: boolean; "data-testid"?: string }) => JSX.Element
export default Radio
