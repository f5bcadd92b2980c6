import { useEffect, useRef, useState } from 'react'

/** A photo chosen on this device and not uploaded yet, shown through an object URL. */
export type PickedPhoto = { key: string; file: File; url: string }

let nextKey = 0

/**
 * The photos picked in a form. Each object URL is made once, when the photo is picked, and revoked
 * when it is removed or the form goes away, so no preview outlives its form.
 */
export function usePickedPhotos() {
  const [photos, setPhotos] = useState<PickedPhoto[]>([])
  const current = useRef(photos)
  useEffect(() => {
    current.current = photos
  }, [photos])
  useEffect(() => () => current.current.forEach((photo) => URL.revokeObjectURL(photo.url)), [])

  const add = (files: File[]) => {
    const picked = files.map((file) => ({
      key: `picked-${(nextKey += 1)}`,
      file,
      url: URL.createObjectURL(file),
    }))
    setPhotos((list) => [...list, ...picked])
  }
  const remove = (key: string) => {
    const photo = photos.find((candidate) => candidate.key === key)
    if (photo) URL.revokeObjectURL(photo.url)
    setPhotos((list) => list.filter((candidate) => candidate.key !== key))
  }
  return { photos, add, remove }
}
