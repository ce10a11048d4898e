declare const Help: () => JSX.Element
export default Help
