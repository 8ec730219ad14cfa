/// The bus names and the introspection data of `org.temper.Temper1`: the one home of the API's shape.
/// `packaging/dbus/org.temper.Temper1.xml` is a copy that a test keeps equal to ``introspectionXML``.
public enum GovernorInterface: Sendable {
    public static let busName = "org.temper.Temper1"
    public static let objectPath = "/org/temper/Temper1"
    public static let interfaceName = "org.temper.Temper1.Governor"

    /// The interface's methods, named once: the call reader (`BusCall`) switches over them without a default, the
    /// metrics count each by its name, and a test holds ``introspectionXML`` to exactly these.
    public enum Method: String, Sendable, CaseIterable {
        case decide = "Decide"
        case schedule = "Schedule"
        case cancel = "Cancel"
        case getCondition = "GetCondition"
        case getHeadroom = "GetHeadroom"
        case reserve = "Reserve"
        case score = "Score"
        case startPlayer = "StartPlayer"
        case updatePlayer = "UpdatePlayer"
        case stopPlayer = "StopPlayer"
    }

    /// The error names, each answered with a one-line message.
    public enum ErrorName: String, Sendable, CaseIterable {
        case invalidRequest = "org.temper.Temper1.Error.InvalidRequest"
        case queueFull = "org.temper.Temper1.Error.QueueFull"
        case tooLarge = "org.temper.Temper1.Error.TooLarge"
        case rateLimited = "org.temper.Temper1.Error.RateLimited"
    }

    public static let introspectionXML = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <!--
          org.temper.Temper1.Governor: the host's thermal and power condition, and a governor that rewrites
          haptic and audio feedback requests to fit it. Requests and decisions are the JSON of
          `temper rewrite` (see docs/service.md). Errors: org.temper.Temper1.Error.InvalidRequest, .QueueFull,
          .TooLarge, .RateLimited, each with a one-line message.
        -->
        <node>
          <interface name="org.temper.Temper1.Governor">
            <!-- nominal, fair, serious or critical. -->
            <property name="Tier" type="s" access="read"/>
            <!-- On battery and low (warning level, percentage or the power-saver profile). -->
            <property name="LowPower" type="b" access="read"/>
            <!-- One line per fact behind the condition, as of the last change of tier, low power or the set of
                 reason codes (the numbers in the text do not make it change; GetCondition has them live). -->
            <property name="Reasons" type="as" access="read"/>
            <!-- Forecast whole seconds until the next tier at the current slopes; negative when none is forecast. -->
            <property name="HeadroomSeconds" type="d" access="read"/>
            <!-- The thermal headroom (1.0 at the serious threshold of the sensor nearest it, 0.0 at 30 °C below it,
                 as Android's) at each tier's entry: fair, serious, critical; empty without a counted sensor. -->
            <property name="Thresholds" type="a{sd}" access="read"/>
            <!-- The condition as JSON: {"lowPower":…,"reasons":[{"code":…,"message":…}],"tier":…}, as of the
                 last change of tier, low power or the set of reason codes. -->
            <property name="Condition" type="s" access="read"/>
            <!-- Each sensor's temperature in °C at the last sample ("chip/label"); read it, it sends no signal. -->
            <property name="Temperatures" type="a{sd}" access="read">
              <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="false"/>
            </property>
            <!-- The name of the policy in force. -->
            <property name="Policy" type="s" access="read"/>
            <!-- Each battery-powered peripheral UPower lists (controllers, mice, headsets…) with the battery
                 condition that governs feedback aimed at it (a request's "device"): objectPath, kind, model,
                 serial, nativePath (s), percentage (d, -1 when unknown), state, warningLevel, battery (ok, low,
                 critical or unknown) and reasons (a(ss): code, message). Signalled when a device comes or goes, or
                 its state, whole percentage or battery condition changes. -->
            <property name="Peripherals" type="aa{sv}" access="read"/>

            <!-- Decides a request now under the current condition and spends from the budget what it adds to what already plays. -->
            <method name="Decide">
              <arg direction="in" name="request_json" type="s"/>
              <arg direction="out" name="decision_json" type="s"/>
            </method>
            <!-- Parks a request until target_time (CLOCK_MONOTONIC seconds; 0 = now). Its one final
                 decision comes in Released, sent to the caller only. -->
            <method name="Schedule">
              <arg direction="in" name="request_json" type="s"/>
              <arg direction="in" name="target_time" type="d"/>
              <arg direction="out" name="ticket" type="t"/>
            </method>
            <!-- Cancels one of the caller's own scheduled requests; false when it is not waiting. -->
            <method name="Cancel">
              <arg direction="in" name="ticket" type="t"/>
              <arg direction="out" name="cancelled" type="b"/>
            </method>
            <!-- The live condition, typed: tier (s), lowPower (b), reasons (a(ss): code, message),
                 headroomSeconds (d), temperatures (a{sd}), peripherals (aa{sv}, as the Peripherals property).
                 Spends nothing. -->
            <method name="GetCondition">
              <arg direction="out" name="condition" type="a{sv}"/>
            </method>
            <!-- The thermal headroom forecast_seconds ahead (0 = now, at most 600): headroom (d), low (d) and
                 high (d), the band's ends, method (s: current, trend or model), sensor (s), forecastSeconds (d).
                 Without a valid reading: method "none" and headroom NaN. Spends nothing. -->
            <method name="GetHeadroom">
              <arg direction="in" name="forecast_seconds" type="d"/>
              <arg direction="out" name="headroom" type="a{sv}"/>
            </method>
            <!-- Announces a burst: usage (ui, game, media, notification, alarm, communication, accessibility) will
                 want about energy_joules (0 to 100) within seconds (0 to 60). Answers the plan: granted (d, J),
                 asked (d, J), held (b: taken from the caller's share and kept for that usage until spent or expired),
                 expiresIn (d, s), reasons (a(ss): code, message). A caller holds one reservation; a new one
                 replaces it. -->
            <method name="Reserve">
              <arg direction="in" name="usage" type="s"/>
              <arg direction="in" name="energy_joules" type="d"/>
              <arg direction="in" name="seconds" type="d"/>
              <arg direction="out" name="plan" type="a{sv}"/>
            </method>
            <!-- Scores a pattern sent inline, in any format `temper score` reads, on a built-in device profile
                 ("" = the default): the pattern's entry of `temper score --format json`, perception included. -->
            <method name="Score">
              <arg direction="in" name="ahap_json" type="s"/>
              <arg direction="in" name="device" type="s"/>
              <arg direction="out" name="score_json" type="s"/>
            </method>
            <!-- Starts a live player (a continuous haptic with no fixed end, or a looping pattern; see
                 docs/service.md): the decision's JSON, with its handle, the values that play and the reasons.
                 Outcome "refused" keeps no player. A user has at most 16 live players. -->
            <method name="StartPlayer">
              <arg direction="in" name="player_json" type="s"/>
              <arg direction="out" name="decision_json" type="s"/>
            </method>
            <!-- Asks one of the caller's players to play these parameters (each 0 to 1) from now: the values that
                 will play after the rules and the budget, with the reasons, as JSON. -->
            <method name="UpdatePlayer">
              <arg direction="in" name="handle" type="t"/>
              <arg direction="in" name="intensity" type="d"/>
              <arg direction="in" name="sharpness" type="d"/>
              <arg direction="in" name="volume" type="d"/>
              <arg direction="out" name="decision_json" type="s"/>
            </method>
            <!-- Stops one of the caller's players; false when it is not live. -->
            <method name="StopPlayer">
              <arg direction="in" name="handle" type="t"/>
              <arg direction="out" name="stopped" type="b"/>
            </method>
            <!-- What one of the caller's players plays changed without its asking (the tier or low power changed,
                 the budget ran out or came back, the service shut down): the decision's JSON, sent to the owner only. -->
            <signal name="PlayerClamped">
              <arg name="handle" type="t"/>
              <arg name="decision_json" type="s"/>
            </signal>
            <!-- A scheduled request's final decision (released, cancelled, or dropped at shutdown). -->
            <signal name="Released">
              <arg name="ticket" type="t"/>
              <arg name="decision_json" type="s"/>
            </signal>
            <!-- The current headroom crossed a tier's entry in Thresholds: once per crossing, rising or falling. -->
            <signal name="ThresholdCrossed">
              <arg name="tier" type="s"/>
              <arg name="rising" type="b"/>
              <arg name="headroom" type="d"/>
            </signal>
          </interface>
        </node>

        """
}
