import Medusa from "@medusajs/js-sdk"
export declare const sdk: Medusa
