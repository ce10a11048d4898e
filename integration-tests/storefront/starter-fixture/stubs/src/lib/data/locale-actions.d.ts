export declare const getLocale: () => Promise<string | null>
