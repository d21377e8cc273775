#!/usr/bin/env bash
# Makes the careers page's team videos (apps/web/public/videos/team-*.webm): for each person a 10 s titled card, their
# name, role, experience and specialty over a slowly moving gradient in the site's blues, with a quiet chord for a
# soundtrack (no speech: what they say is in the captions, team-*.vtt, written by hand from team.ts's quotes).
# VP9 and Opus in WebM at 640x360, each well under 400 KB. Needs ffmpeg built with libvpx, libopus and libfreetype.
#   scripts/make-team-videos.sh            # all three
#   scripts/make-team-videos.sh jenna      # one
set -euo pipefail

out="$(cd "$(dirname "$0")/.." && pwd)/apps/web/public/videos"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
light=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
seconds=10

# id|name|role|experience and specialty|two gradient colours|the chord's three notes in Hz
people=(
  'marcus|Marcus Rivera|Senior Appliance Technician|12 years · Sub-Zero and Wolf|0x0b3d91|0x1f7a8c|220|277.18|329.63'
  'jenna|Jenna Brooks|Customer Service Lead|6 years · Scheduling and dispatch|0x12355b|0x2a6f97|261.63|329.63|392'
  'derek|Derek Owens|Appliance Technician|3 years · Laundry and dishwashers|0x1b4332|0x2d6a8f|196|246.94|293.66'
)

make() {
  IFS='|' read -r id name role detail from to a b c <<<"$1"
  # The text slides up and fades in over the first second and out over the last.
  local alpha="if(lt(t,1),t,if(gt(t,${seconds}-1),${seconds}-t,1))"
  local rise="(1-min(t,1))*20"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "gradients=s=640x360:r=25:d=${seconds}:c0=${from}:c1=${to}:speed=0.02:type=radial" \
    -f lavfi -i "aevalsrc=0.05*(sin(2*PI*${a}*t)+sin(2*PI*${b}*t)+sin(2*PI*${c}*t))*min(1\,t/2)*min(1\,(${seconds}-t)/2):s=48000:d=${seconds}" \
    -vf "drawbox=x=40:y=110:w=560:h=140:color=black@0.35:t=fill,\
drawtext=fontfile=${font}:text='${name}':fontsize=40:fontcolor=white:alpha='${alpha}':x=64:y='130+${rise}',\
drawtext=fontfile=${light}:text='${role}':fontsize=24:fontcolor=white:alpha='${alpha}':x=64:y='184+${rise}',\
drawtext=fontfile=${light}:text='${detail}':fontsize=18:fontcolor=0xdde7f0:alpha='${alpha}':x=64:y='220+${rise}',\
drawtext=fontfile=${light}:text='Careers · St Augustine Appliance Repair':fontsize=16:fontcolor=white@0.8:x=40:y=320" \
    -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -deadline good -cpu-used 4 -pix_fmt yuv420p \
    -c:a libopus -b:a 32k -ac 2 \
    "${out}/team-${id}.webm"
  echo "${out}/team-${id}.webm: $(stat -c %s "${out}/team-${id}.webm") bytes"
}

for person in "${people[@]}"; do
  if [[ $# -eq 0 || " $* " == *" ${person%%|*} "* ]]; then make "$person"; fi
done
