declare const OnboardingCta: (props: { orderId: string }) => JSX.Element
export default OnboardingCta
