export * from "./create-ghn-return-order"
export * from "./record-ghn-cod"
