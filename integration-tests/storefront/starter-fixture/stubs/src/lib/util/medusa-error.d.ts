export default function medusaError(error: any): never
