declare const Divider: (props: { className?: string }) => JSX.Element
export default Divider
