import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../../utils"
import type { ConnectionCheckBody } from "../../support-validators"
import { checkConnection } from "../shared"

/** Connection check of the configured environment, token and shop (GHN's message when refused). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ connection: await checkConnection(ghnModule(req), { environment: "configured" }) })
}

/** The same check with other credentials (a token or shop to try before configuring them). */
export async function POST(req: MedusaRequest<ConnectionCheckBody>, res: MedusaResponse) {
  res.json({ connection: await checkConnection(ghnModule(req), req.validatedBody) })
}
