export declare function getLocaleHeader(): Promise<{ readonly "x-medusa-locale": string | null }>
