"""Decodes a trace with Perfetto's own proto (the perfetto package's perfetto_trace_pb2) and prints what the
tests check as JSON: each track with its parent and unit, each counter track's values, each slice track's
events with their arguments, and whether any field was left unknown to Perfetto's proto.

Usage: summarize.py TRACE      (exit 3 when the perfetto package is missing)
"""
import json
import sys

try:
    from perfetto.protos.perfetto.trace import perfetto_trace_pb2 as pb
except ImportError:
    sys.exit(3)


def unknown_fields(message):
    """Whether any message in the tree has fields Perfetto's proto does not define."""
    try:
        from google.protobuf.unknown_fields import UnknownFieldSet
        if len(UnknownFieldSet(message)) > 0:
            return True
    except ImportError:
        pass
    for field, value in message.ListFields():
        if field.type != field.TYPE_MESSAGE:
            continue
        # protobuf 6 and later say is_repeated; older ones only label.
        repeated = field.is_repeated if hasattr(field, "is_repeated") else field.label == field.LABEL_REPEATED
        values = value if repeated else [value]
        if any(unknown_fields(item) for item in values):
            return True
    return False


def annotation_value(annotation):
    kind = annotation.WhichOneof("value")
    if kind is not None:
        return getattr(annotation, kind)
    return [annotation_value(item) for item in annotation.array_values]


def main(path):
    trace = pb.Trace()
    with open(path, "rb") as file:
        trace.ParseFromString(file.read())
    tracks, events = [], {}
    timestamps, sequences = [], set()
    for packet in trace.packet:
        sequences.add(packet.trusted_packet_sequence_id)
        if packet.HasField("track_descriptor"):
            track = packet.track_descriptor
            tracks.append({
                "uuid": track.uuid,
                "name": track.name,
                "parent": track.parent_uuid if track.HasField("parent_uuid") else None,
                "unit": track.counter.unit_name if track.HasField("counter") else None,
            })
        elif packet.HasField("track_event"):
            event = packet.track_event
            timestamps.append(packet.timestamp)
            entry = {
                "type": pb.TrackEvent.Type.Name(event.type),
                "time": packet.timestamp,
                "name": event.name,
            }
            if event.HasField("double_counter_value"):
                entry["value"] = event.double_counter_value
            if event.debug_annotations:
                entry["args"] = {item.name: annotation_value(item) for item in event.debug_annotations}
            events.setdefault(str(event.track_uuid), []).append(entry)
    print(json.dumps({
        "packets": len(trace.packet),
        "firstSequenceFlags": trace.packet[0].sequence_flags if trace.packet else 0,
        "sequences": sorted(sequences),
        "timesInOrder": timestamps == sorted(timestamps),
        "unknownFields": unknown_fields(trace),
        "tracks": tracks,
        "events": events,
    }))


if __name__ == "__main__":
    main(sys.argv[1])
