import { useState } from 'react'
import type { PlatformLink } from '../../domain/platformSelection.ts'
import { draftProblems, hasProblems, refusedFields, type PropertyDraft } from '../../domain/property.ts'
import { useI18n } from '../../i18n.tsx'
import type { Feedback } from '../../machines/parts/feedback.ts'

/**
 * Shared by the add form and the editor: a draft's problems (docs/product.md §5.4, the server's
 * checks), translated for their fields. They show once the host has tried to send the form, and
 * then follow the typing. The server's refusal (`refusal`, its sentences by field) shows at its
 * fields until the host changes the draft it refused.
 */
export function useDraftProblems(draft: PropertyDraft, refusal?: Feedback) {
  const { t } = useI18n()
  const [tried, setTried] = useState(false)
  const [refused, setRefused] = useState({ refusal, draft })
  // A new refusal is of the draft on screen now.
  if (refused.refusal !== refusal) setRefused({ refusal, draft })
  const serverSays =
    refused.refusal === refusal && refused.draft === draft ? refusedFields(refusal?.fields) : {}
  const problems = tried ? draftProblems(draft) : {}
  const message = (field: string) => {
    const problem = problems[field]
    return problem ? t(problem.key, problem.values) : serverSays[field]
  }
  return {
    /** The host tried to send the form: from now on its problems show. True when it can go. */
    check: () => {
      setTried(true)
      return !hasProblems(draftProblems(draft))
    },
    /** For PropertyFormFields. */
    fieldErrors: {
      name: message('name'),
      addressText: message('addressText'),
      capacity: message('capacity'),
      costPerNight: message('costPerNight'),
      description: message('description'),
    },
    /** For PlatformLinks. */
    linkError: (link: PlatformLink) => message(`link:${link.platformName}`),
    /** For PhotoGallery: the server's refusal of the photos. */
    photoError: serverSays.images,
  }
}
