import { Module } from "@medusajs/framework/utils"
import GhnModuleService from "./service"

export const GHN_MODULE = "ghn"

export default Module(GHN_MODULE, {
  service: GhnModuleService,
})

export { GhnModuleService }
