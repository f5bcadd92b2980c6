import type { NavigationItem } from '../../domain/navigation.ts'
import {
  CalendarIcon,
  DashboardIcon,
  GuestsIcon,
  HomeIcon,
  LogsIcon,
  PlugIcon,
  UsersIcon,
} from '../common/appIcons.tsx'

export const NAV_ICONS: Record<NavigationItem['icon'], typeof HomeIcon> = {
  dashboard: DashboardIcon,
  properties: HomeIcon,
  integration: PlugIcon,
  calendar: CalendarIcon,
  guests: GuestsIcon,
  users: UsersIcon,
  logs: LogsIcon,
}
