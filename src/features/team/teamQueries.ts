import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TeamMember, TeamRole } from '../../../contract/team.ts'
import { teamApi } from '../../actors/teamApi.ts'
import { SENT_EVEN_OFFLINE } from '../properties/editorQueries.ts'

const teamKey = (propertyId: string) => ['property', propertyId, 'team'] as const

/** A property's team, oldest invitation first, as the server lists it. */
export const useTeam = (propertyId: string) =>
  useQuery({ queryKey: teamKey(propertyId), queryFn: () => teamApi.list(propertyId) })

/**
 * The list after a change: a member the server answers takes its place at once; an invitation or a
 * removal reloads it.
 */
function useTeamCache(propertyId: string) {
  const queryClient = useQueryClient()
  const reload = () => queryClient.invalidateQueries({ queryKey: teamKey(propertyId) })
  const replace = (member: TeamMember) =>
    queryClient.setQueryData<TeamMember[]>(teamKey(propertyId), (members) =>
      members?.map((each) => (each.id === member.id ? member : each)),
    )
  return { reload, replace }
}

/** The owner's invitations and removals on a property's team. */
export function useTeamChanges(propertyId: string) {
  const { reload } = useTeamCache(propertyId)
  const invite = useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: ({ email, role }: { email: string; role: TeamRole }) =>
      teamApi.invite(propertyId, email, role),
  })
  const remove = useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: (memberId: string) => teamApi.remove(propertyId, memberId),
    onSuccess: reload,
  })
  return { invite, remove, reload }
}

/** One member's role change and resend, each with its own pending state and failure. */
export function useMemberChanges(propertyId: string, memberId: string) {
  const { replace } = useTeamCache(propertyId)
  const setRole = useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: (role: TeamRole) => teamApi.setRole(propertyId, memberId, role),
    onSuccess: replace,
  })
  const resend = useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: () => teamApi.resend(propertyId, memberId),
    onSuccess: replace,
  })
  return { setRole, resend }
}
