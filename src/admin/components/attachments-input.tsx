import { PaperClip, XMark } from "@medusajs/icons"
import { Button, IconButton, Text } from "@medusajs/ui"
import { useRef } from "react"
import { bytes, useGhnTranslation } from "../lib/format"

/** GHN's ticket attachment rules (the server checks them again). */
export const ATTACHMENT_RULES = {
  maxFiles: 10,
  maxBytes: 2 * 1024 * 1024,
  extensions: [".docx", ".doc", ".xls", ".xlsx", ".pdf", ".jpg", ".jpeg", ".png", ".zip", ".pptx"],
}
export const MAX_DESCRIPTION = 2000

const extensionOf = (name: string) => {
  const i = name.lastIndexOf(".")
  return i < 0 ? "" : name.slice(i).toLowerCase()
}

/** Why GHN would refuse a file, or null. */
export function attachmentProblem(file: File, t: (key: string, opts?: Record<string, unknown>) => string): string | null {
  const ext = extensionOf(file.name)
  if (ext === ".csv") return t("attachments.csv")
  if (!ATTACHMENT_RULES.extensions.includes(ext)) return t("attachments.extension", { ext: ext || "—", allowed: ATTACHMENT_RULES.extensions.join(" ") })
  if (file.size > ATTACHMENT_RULES.maxBytes) return t("attachments.tooBig", { size: bytes(file.size) })
  if (file.size === 0) return t("attachments.empty")
  return null
}

/** Every problem of a set of files: per file, and the count. */
export function attachmentsProblems(files: File[], t: (key: string, opts?: Record<string, unknown>) => string) {
  const perFile = files.map((f) => attachmentProblem(f, t))
  const count = files.length > ATTACHMENT_RULES.maxFiles ? t("attachments.tooMany", { max: ATTACHMENT_RULES.maxFiles, count: files.length }) : null
  return { perFile, count, ok: !count && perFile.every((p) => !p) }
}

type Props = { files: File[]; onChange: (files: File[]) => void; disabled?: boolean; testId?: string }

/** File picker for ticket attachments, with each file checked against GHN's rules as it is added. */
export function AttachmentsInput({ files, onChange, disabled, testId = "ghn-attachments" }: Props) {
  const { t } = useGhnTranslation()
  const input = useRef<HTMLInputElement>(null)
  const problems = attachmentsProblems(files, t)
  return (
    <div className="flex flex-col gap-y-2" data-testid={testId}>
      <div className="flex items-center gap-x-2">
        <Button type="button" size="small" variant="secondary" className="shrink-0 whitespace-nowrap" onClick={() => input.current?.click()} disabled={disabled || files.length >= ATTACHMENT_RULES.maxFiles + 5}>
          <PaperClip />
          {t("attachments.add")}
        </Button>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {t("attachments.rules", { max: ATTACHMENT_RULES.maxFiles, allowed: ATTACHMENT_RULES.extensions.join(" ") })}
        </Text>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ATTACHMENT_RULES.extensions.join(",")}
          data-testid={`${testId}-file`}
          onChange={(e) => {
            const added = Array.from(e.target.files ?? [])
            e.target.value = ""
            onChange([...files, ...added])
          }}
        />
      </div>
      {files.length ? (
        <ul className="flex flex-col gap-y-1">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="flex items-center justify-between gap-x-2 rounded-md border px-2 py-1" data-testid="ghn-attachment">
              <div className="min-w-0">
                <Text size="small" className="truncate">
                  {f.name} <span className="text-ui-fg-muted">({bytes(f.size)})</span>
                </Text>
                {problems.perFile[i] ? (
                  <Text size="xsmall" className="text-ui-fg-error" data-testid="ghn-attachment-error">
                    {problems.perFile[i]}
                  </Text>
                ) : null}
              </div>
              <IconButton type="button" size="small" variant="transparent" aria-label={t("attachments.remove")} onClick={() => onChange(files.filter((_, j) => j !== i))}>
                <XMark />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      {problems.count ? (
        <Text size="xsmall" className="text-ui-fg-error" data-testid="ghn-attachments-count-error">
          {problems.count}
        </Text>
      ) : null}
    </div>
  )
}

/** The description textarea's counter (turns red past 2,000 characters). */
export function Counter({ value, max = MAX_DESCRIPTION }: { value: string; max?: number }) {
  const over = value.length > max
  return (
    <Text size="xsmall" className={over ? "text-ui-fg-error" : "text-ui-fg-muted"} data-testid="ghn-counter">
      {value.length.toLocaleString()} / {max.toLocaleString()}
    </Text>
  )
}
