export declare const getAuthHeaders: () => Promise<{ authorization: string } | Record<string, never>>
export declare const getCacheTag: (tag: string) => Promise<string>
export declare const getCacheOptions: (tag: string) => Promise<{ tags: string[] } | Record<string, never>>
export declare const getCartId: () => Promise<string | undefined>
export declare const setCartId: (cartId: string) => Promise<void>
export declare const removeCartId: () => Promise<void>
