# Build-time script: one man page from one docs/ page, so the two cannot
# drift. pandoc (Debian's) reads the Markdown, the page's `# NAME(1)`
# heading becomes the title (--shift-heading-level-by=-1 promotes it), its
# `## NAME`, `## SYNOPSIS`, ... sections become the man sections, and
# man-links.lua turns links to other docs/ pages into oomlens-X(1)
# references. The footer carries the version (version.txt). gzip -n: no
# name or time stamp in the output, so the same page gives the same bytes.
# Usage: cmake -DPANDOC=pandoc -DIN=docs/x.md -DOUT=oomlens-x.1.gz
#              -DFILTER=man-links.lua -DVERSION_FILE=version.txt -P man.cmake
file(STRINGS "${VERSION_FILE}" version LIMIT_COUNT 1)
string(REGEX REPLACE "\\.gz$" "" roff "${OUT}")
execute_process(COMMAND "${PANDOC}" --standalone --from markdown --to man --shift-heading-level-by=-1
                        --lua-filter "${FILTER}" --metadata "footer=oomlens ${version}"
                        --metadata "header=oomlens manual" "${IN}" --output "${roff}"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pandoc failed on ${IN}")
endif()
execute_process(COMMAND gzip -9 -n -f "${roff}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip failed on ${roff}")
endif()
